// Which files are `.env`-style: where a key belongs, as long as git never sees the file.

/** `.env`, `.env.local`, `.env.production`, `staging.env`: by the file's name only. */
export function isEnvFileName(fileName: string): boolean {
  const name = fileName.split(/[\\/]/).pop() ?? '';
  return name === '.env' || name.startsWith('.env.') || (name.endsWith('.env') && name.length > '.env'.length);
}

/** The same names as glob patterns, comma-separated, for a FileSystemWatcher's brace group. */
export const ENV_FILE_NAMES = '.env,.env.*,*.env';
