/**
 * What the database must hold after a crash. Each write sets one key (a member's profile, one
 * watch-list entry...) to a value no other write uses. A key is written by one client at a time,
 * so it is never changed by more than one unanswered write: after a crash its value must be the
 * last acknowledged one, or the one an unanswered write was carrying.
 */
export type LedgerValue = string | number | boolean | null;

interface Entry {
  /** The value after the last acknowledged write (or the value read back after the last check). */
  value: LedgerValue;
  /** The value an unanswered write was carrying, if one was. */
  unanswered?: LedgerValue;
}

export interface WriteTicket {
  key: string;
  next: LedgerValue;
}

export interface LedgerCheck {
  /** Keys whose acknowledged value is gone (the expected count is 0). */
  lost: { key: string; expected: LedgerValue; unanswered?: LedgerValue; found: LedgerValue }[];
  /** Unanswered writes whose value is in the database. */
  landed: number;
  /** Unanswered writes whose value is not. */
  notLanded: number;
  /** Keys compared. */
  keys: number;
}

export class WriteLedger {
  private readonly entries = new Map<string, Entry>();
  acknowledged = 0;

  /** The value the key holds as far as the ledger knows (its initial value if never written). */
  current(key: string, initial: LedgerValue): LedgerValue {
    return this.entries.get(key)?.value ?? initial;
  }

  /** A write is about to be sent; `initial` is the key's value before any write. */
  send(key: string, next: LedgerValue, initial: LedgerValue): WriteTicket {
    if (!this.entries.has(key)) this.entries.set(key, { value: initial });
    return { key, next };
  }

  /** The server answered 2xx: the write is durable from now on. */
  acknowledge(ticket: WriteTicket): void {
    this.entries.get(ticket.key)!.value = ticket.next;
    this.acknowledged++;
  }

  /** The write got no answer (the server was killed): either outcome is allowed. */
  unanswered(ticket: WriteTicket): void {
    this.entries.get(ticket.key)!.unanswered = ticket.next;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Compares every key with what the database holds (`read` gives a key's value), then adopts the
   * database's value where an unanswered write may or may not have landed.
   */
  check(read: (key: string) => LedgerValue): LedgerCheck {
    const result: LedgerCheck = { lost: [], landed: 0, notLanded: 0, keys: 0 };
    for (const [key, entry] of this.entries) {
      result.keys++;
      const found = read(key);
      const hasUnanswered = 'unanswered' in entry;
      if (hasUnanswered && found === entry.unanswered && found !== entry.value) result.landed++;
      else if (found === entry.value) {
        if (hasUnanswered) result.notLanded++;
      } else {
        result.lost.push({ key, expected: entry.value, unanswered: entry.unanswered, found });
        continue;
      }
      this.entries.set(key, { value: found });
    }
    return result;
  }
}
