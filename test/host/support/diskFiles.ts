import * as fs from 'node:fs/promises';
import * as path from 'node:path';

// Where the secret audits look on disk: VS Code's user data and log folders, found from the
// extension's own storage paths, and every file below them.

export async function filesBelow(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The parent of the nearest folder above `start` called `name` (for `User`: the user data folder). */
export function ancestorNamed(start: string, name: string): string | undefined {
  for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) if (path.basename(dir) === name) return path.dirname(dir);
  return undefined;
}
