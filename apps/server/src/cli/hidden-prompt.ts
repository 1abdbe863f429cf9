import type { Readable, Writable } from 'node:stream';

/** A terminal's input: raw mode lets the prompt read keys without echoing them. */
export type PromptInput = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

/**
 * Asks for a secret on a terminal without showing it: keys are read in raw mode, nothing is
 * echoed, Backspace deletes, Enter finishes, Ctrl+C (or Ctrl+D on an empty line) gives up
 * (the promise rejects).
 */
export function promptHidden(question: string, input: PromptInput, output: Writable): Promise<string> {
  output.write(question);
  input.setRawMode?.(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error: Error | null, rest: string) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      // Keys typed ahead belong to the next question.
      if (rest !== '') input.unshift(rest);
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      // Arrow and function keys arrive as escape sequences: they type nothing.
      if (chunk.startsWith('\u001b')) return;
      const keys = [...chunk];
      for (const [index, key] of keys.entries()) {
        const rest = () =>
          keys
            .slice(index + 1)
            .join('')
            .replace(/^\n/, '');
        if (ENTER.has(key)) return finish(null, rest());
        if (key === CTRL_C || (key === CTRL_D && typed === '')) return finish(new Error('cancelled'), '');
        if (BACKSPACE.has(key)) typed = [...typed].slice(0, -1).join('');
        else if (key >= ' ') typed += key;
      }
    };
    input.on('data', onData);
  });
}
