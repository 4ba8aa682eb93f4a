import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { config } from 'dotenv';

/** Reads `.env` from the working directory or the repository root; the real environment wins. */
export function loadDotenv(): void {
  for (const candidate of [resolve(process.cwd(), '.env'), resolve(__dirname, '../../../.env')]) {
    if (existsSync(candidate)) {
      config({ path: candidate, quiet: true });
      return;
    }
  }
}
