import type { AppContext } from '../../context';

/** Seeds the demo catalog on first start with an empty database. Filled in by the seed module. */
export async function seedDemoIfEmpty(_ctx: AppContext, _log: (line: string) => void): Promise<void> {}
