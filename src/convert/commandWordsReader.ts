import type { TextSource } from './conversionError.js';
import type { ShellCommand, ShellStdin } from './shellScript.js';

/**
 * What the shell readers share (bash in shellScript.ts, PowerShell in powershellWords.ts): a position in the
 * text, the word being built, the words of the command being read, and the commands read so far.
 */
export abstract class CommandWordsReader {
  protected i = 0;
  protected word: string | undefined;
  protected words: string[] = [];
  protected stdin: ShellStdin | undefined;
  protected readonly commands: ShellCommand[] = [];

  constructor(protected readonly source: TextSource) {}

  get text(): string {
    return this.source.text;
  }

  /** Adds `chunk` to the word being built and moves past `advance` characters of the text. */
  protected append(chunk: string, advance = chunk.length): void {
    this.word = (this.word ?? '') + chunk;
    this.i += advance;
  }

  protected finishWord(): void {
    if (this.word !== undefined) this.words.push(this.word);
    this.word = undefined;
  }

  /** Ends the command being read (if it has words); `nextStdin` is what the next one reads. */
  protected endCommand(nextStdin?: ShellStdin): void {
    this.finishWord();
    if (this.words.length > 0) {
      this.commands.push({ words: this.words, ...(this.stdin ? { stdin: this.stdin } : {}) });
    }
    this.words = [];
    this.stdin = nextStdin;
  }
}
