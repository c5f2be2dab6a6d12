// The firm's offices as page text names them, from src/site.config.ts.
import { site } from '../site.config.ts';

/** The cities of the firm's offices, in the order site.config.ts lists the offices. */
export const officeCities: readonly string[] = site.offices.map((office) => office.city);
