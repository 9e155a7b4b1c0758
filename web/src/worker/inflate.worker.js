// Decompresses and checks the site's table pieces off the engine worker's thread
// (./table-download.js, createInflatePool): {id, packed, chunk, where} → {id, bytes} (transferred)
// or {id, error}.
import { inflatePiece } from "./table-download.js";

self.onmessage = async ({ data: { id, packed, chunk, where } }) => {
  try {
    const bytes = await inflatePiece(packed, chunk, where);
    self.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ id, error: err?.message ?? String(err) });
  }
};
