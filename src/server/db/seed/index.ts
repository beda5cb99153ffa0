import type { Database } from '../client.ts';

export interface SeedOptions {
  mediaDir: string;
  log: (message: string) => void;
}

// Placeholder: the demo seed is being built.
export async function seedDemoCatalogue(_db: Database, _options: SeedOptions): Promise<void> {}
