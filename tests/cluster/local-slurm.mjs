// A single-node Slurm cluster on this machine for the survey tests: munge and Slurm's daemons
// (Debian's munge and slurm-wlm) with their own key, sockets, ports, state and logs in a
// temporary directory, so nothing of a system-wide installation is used or changed. The daemons
// run as the user running the test (SlurmUser = SlurmdUser), who then owns every job: no root
// needed (checked as root and as an ordinary user).
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir, cpus } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Starts the daemons; returns the environment Slurm's commands need and a stop function. */
export async function startLocalSlurm() {
  const dir = mkdtempSync(join(tmpdir(), "polytwist-slurm-"));
  const host = hostname().split(".")[0];
  const user = execFileSync("id", ["-un"]).toString().trim();
  mkdirSync(join(dir, "state"));
  mkdirSync(join(dir, "spool"));
  writeFileSync(join(dir, "munge.key"), randomBytes(1024));
  chmodSync(join(dir, "munge.key"), 0o400);
  // Ports of their own, so a Slurm already running here is not disturbed.
  const port = 26000 + (process.pid % 1000) * 2;
  writeFileSync(
    join(dir, "slurm.conf"),
    [
      "ClusterName=polytwisttest",
      // Loopback addresses: nothing depends on how the machine resolves its own name.
      `SlurmctldHost=${host}(127.0.0.1)`,
      `SlurmctldPort=${port}`,
      `SlurmdPort=${port + 1}`,
      `SlurmUser=${user}`,
      `SlurmdUser=${user}`,
      "AuthType=auth/munge",
      "CredType=cred/munge",
      `AuthInfo=socket=${join(dir, "munge.socket")}`,
      `StateSaveLocation=${join(dir, "state")}`,
      `SlurmdSpoolDir=${join(dir, "spool")}`,
      `SlurmctldPidFile=${join(dir, "slurmctld.pid")}`,
      `SlurmdPidFile=${join(dir, "slurmd.pid")}`,
      `SlurmctldLogFile=${join(dir, "slurmctld.log")}`,
      `SlurmdLogFile=${join(dir, "slurmd.log")}`,
      "ProctrackType=proctrack/linuxproc",
      "TaskPlugin=task/none",
      "SelectType=select/cons_tres",
      "SelectTypeParameters=CR_Core",
      "ReturnToService=2",
      "MpiDefault=none",
      "JobCompType=jobcomp/none",
      "AccountingStorageType=accounting_storage/none",
      "JobAcctGatherType=jobacct_gather/none",
      `NodeName=${host} NodeAddr=127.0.0.1 CPUs=${cpus().length} RealMemory=1000 State=UNKNOWN`,
      `PartitionName=test Nodes=${host} Default=YES MaxTime=INFINITE State=UP`,
      "",
    ].join("\n"),
  );
  const env = { ...process.env, SLURM_CONF: join(dir, "slurm.conf") };
  const pidFiles = ["slurmd.pid", "slurmctld.pid", "munged.pid"].map((f) => join(dir, f));
  const stop = async () => {
    for (const file of pidFiles) {
      try {
        process.kill(Number(readFileSync(file, "utf8")), "SIGTERM");
      } catch {
        // not started, or gone already
      }
    }
    await sleep(500);
    rmSync(dir, { recursive: true, force: true });
  };
  const run = (command, args) => {
    const result = spawnSync(command, args, { env, encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
    }
  };
  try {
    run("munged", [
      "--force",
      `--socket=${join(dir, "munge.socket")}`,
      `--key-file=${join(dir, "munge.key")}`,
      `--pid-file=${join(dir, "munged.pid")}`,
      `--log-file=${join(dir, "munged.log")}`,
      `--seed-file=${join(dir, "munge.seed")}`,
    ]);
    run("slurmctld", ["-f", env.SLURM_CONF, "-i"]);
    run("slurmd", ["-f", env.SLURM_CONF, "-N", host]);
    // Ready when the node is idle.
    for (let tries = 0; ; ++tries) {
      const state = spawnSync("sinfo", ["-h", "-o", "%t"], { env, encoding: "utf8" });
      if (state.status === 0 && state.stdout.trim() === "idle") break;
      if (tries > 60)
        throw new Error(`the Slurm node did not come up: ${state.stdout}${state.stderr}`);
      await sleep(500);
    }
  } catch (error) {
    const logs = ["munged.log", "slurmctld.log", "slurmd.log"]
      .map((f) => {
        try {
          return `${f}:\n${readFileSync(join(dir, f), "utf8").slice(-2000)}`;
        } catch {
          return `${f}: none`;
        }
      })
      .join("\n");
    await stop();
    throw new Error(`${error.message}\n${logs}`);
  }
  return { env, dir, stop };
}
