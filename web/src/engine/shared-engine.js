// One engine worker for every player on the page: the client is created on first use, and each
// player talks to it through its own session (whose cancel() stops only that player's calls).
import { EngineClient } from "./client.js";

let client = null;

/** The page's shared EngineClient. */
export function sharedEngine() {
  client ??= new EngineClient();
  return client;
}
