import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * DATA_DIR holds a household's only copy of its data and the session secret: its folders are
 * 0700 and its files 0600 whatever the umask, so no other account on the machine reads them.
 */

export async function ensurePrivateDirectory(path: string) {
  // Folders above it are the household's own business (and PostgreSQL's user must pass them).
  await mkdir(dirname(path), { recursive: true });
  await mkdir(path, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  await chmod(path, 0o700);
}

/** Written under a temporary name and renamed, so a crash never leaves a half-written file. */
export async function writePrivateFile(path: string, data: string | Uint8Array) {
  const partial = `${path}.partial`;
  await writeFile(partial, data, { mode: 0o600 });
  await chmod(partial, 0o600);
  await rename(partial, path);
}
