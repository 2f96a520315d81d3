import { accessSync, constants } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A fresh folder for the DATA_DIR of a server a test starts: in memory (/dev/shm) where there is
 * one, else under the system's temporary folder. What these tests prove does not depend on the
 * disk: a process killed with SIGKILL loses nothing it handed to the kernel (fsync guards against
 * a power cut, which no test makes), while each commit's and each checkpoint's fsync on a disk
 * shared with the whole machine made every restart of the crash test wait for it.
 */
export function testDataDir(prefix: string): Promise<string> {
  return mkdtemp(join(memoryFolder() ?? tmpdir(), prefix));
}

function memoryFolder(): string | undefined {
  try {
    accessSync("/dev/shm", constants.W_OK | constants.X_OK);
    return "/dev/shm";
  } catch {
    return undefined;
  }
}
