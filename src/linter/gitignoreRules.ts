// Whether git would ignore a file, from the project's own .gitignore files, read with `ignore`
// (the rules engine eslint and prettier use). Only the .gitignore files count, not a personal
// global exclude or .git/info/exclude: those protect one machine, the project's file protects
// everyone who works on it, and it works before `git init`.
import ignore from 'ignore';

/** One .gitignore: the folder it sits in (relative to the workspace folder, '' for the root) and its text. */
export interface GitignoreFile {
  folder: string;
  rules: string;
}

/** The folders above `relativePath`, the root ('') first: where the .gitignore files that apply to it sit. */
export function gitignoreFolders(relativePath: string): string[] {
  const parts = relativePath.replace(/\/$/, '').split('/').slice(0, -1);
  return ['', ...parts.map((_, index) => parts.slice(0, index + 1).join('/'))];
}

/**
 * Whether `relativePath` (slash-separated, relative to the workspace folder; a folder ends in
 * '/') is ignored by `files`. As in git, a deeper .gitignore overrides a shallower one, and
 * nothing inside an ignored folder can be taken back.
 */
export function isIgnored(relativePath: string, files: readonly GitignoreFile[]): boolean {
  const above = gitignoreFolders(relativePath).slice(1);
  if (above.some((folder) => isIgnored(`${folder}/`, files))) return true;
  let ignored = false;
  for (const folder of gitignoreFolders(relativePath)) {
    const inside = folder === '' ? relativePath : relativePath.slice(folder.length + 1);
    for (const file of files.filter((candidate) => candidate.folder === folder)) {
      const result = ignore().add(file.rules).test(inside);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
  }
  return ignored;
}

/** The line that ignores exactly this file: anchored to the .gitignore's folder (the root). */
export function gitignoreEntry(relativePath: string): string {
  return `/${relativePath.replace(/([*?[\]!#\\])/g, '\\$1').replace(/^(\s)|(\s)$/g, '\\$1$2')}`;
}
