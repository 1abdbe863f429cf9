import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Paths shared by the setup project, the tests and the server started for them. */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ARTIFACTS = path.join(ROOT, 'artifacts');
const PORT = process.env.E2E_PORT ?? '3100';
/** The data folder of the server under test: one per port, as start-server.mjs makes it. */
export const DATA_DIR = path.join(ARTIFACTS, PORT === '3100' ? 'e2e-data' : `e2e-data-${PORT}`);
export const DATABASE_FILE = path.join(DATA_DIR, 'reeltime.sqlite');
/** Files written by the setup project for the tests (signed-in storage, catalog facts): one per port too. */
export const STATE_DIR = path.join(ARTIFACTS, PORT === '3100' ? 'e2e-state' : `e2e-state-${PORT}`);
export const MEMBER_STORAGE_STATE = path.join(STATE_DIR, 'member.json');
const CATALOG_FACTS_FILE = path.join(STATE_DIR, 'catalog.json');
export const SCREENSHOT_DIR = path.join(ARTIFACTS, 'screenshots');

export const API = '/api/v1';

/** `E2E_PHONE=1`: the journeys run as on a phone (playwright.config.ts), with touch and no hover. */
export const isPhone = process.env.E2E_PHONE === '1';

/** The demo accounts of the seeded catalog. */
export const DEMO_MEMBER = { email: 'member@reeltime.local', password: 'member123' } as const;

/** What the setup project learnt about the catalog, for the tests to use. */
export interface CatalogFacts {
  /** A title with a public trailer and a signed full video (the setup imports any it lacks). */
  playable: { id: number; name: string; trailerUrl: string };
  /** Titles the demo member keeps in the watch list. */
  memberWatchList: Array<{ id: number; name: string }>;
  /** A word that finds titles in search. */
  searchWord: string;
}

export function writeCatalogFacts(facts: CatalogFacts): void {
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(CATALOG_FACTS_FILE, JSON.stringify(facts, null, 2));
}

export function catalogFacts(): CatalogFacts {
  return JSON.parse(readFileSync(CATALOG_FACTS_FILE, 'utf8')) as CatalogFacts;
}
