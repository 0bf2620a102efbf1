/**
 * The bodies of closed steps, kept out of the DOM so 5,000 steps open as 5,000 one-line rows: the page holds
 * them in one `<script type="text/html">` element and its script builds a step's body when it first opens.
 *
 * Raw markup is safe there because text from the run is always escaped (no `<` of its own reaches the page),
 * so the only things that could end the element early, `</script` and `<!--`, never occur; `toHtml` checks
 * that anyway, since a mistake would break the page rather than a step. Markup kept raw rather than as a JSON
 * string array avoids escaping every `<` as `\u003c`, which made the file several times larger.
 */
export class LazyBodies {
  /** Between two bodies; our markup never writes this tag, and text from the run cannot contain `<`. */
  static readonly SEPARATOR = '<step-end>';
  static readonly ELEMENT_ID = 'step-bodies';
  static readonly OPEN = `<script type="text/html" id="${LazyBodies.ELEMENT_ID}">`;
  static readonly CLOSE = '</script>';

  private readonly bodies: string[] = [];

  /** Stores a body and returns the number the step's row refers to. */
  add(html: string): number {
    this.bodies.push(LazyBodies.checked(html));
    return this.bodies.length - 1;
  }

  /** How many bodies it holds. */
  get size(): number {
    return this.bodies.length;
  }

  toHtml(): string {
    return `${LazyBodies.OPEN}${this.bodies.join(LazyBodies.SEPARATOR)}${LazyBodies.CLOSE}`;
  }

  /**
   * A body as it may enter the element. Bodies are checked one by one (the separator between two cannot
   * complete `</script` or `<!--`), so a report written body by body is checked as a whole one is.
   */
  static checked(html: string): string {
    if (/<\/script|<!--/i.test(html)) throw new Error('HTML report: a step body contains unescaped markup');
    return html;
  }
}

/** A closed step's body, on its way to the bodies element; its number is its position among them. */
export class StepBody {
  constructor(readonly html: string) {}
}

/** Where the bodies element goes: after the page's markup, before its script. */
export const BODIES_ELEMENT = Symbol('bodies element');

/** What the HTML renderer yields: page markup in order, closed steps' bodies, and where those go. */
export type HtmlPart = string | StepBody | typeof BODIES_ELEMENT;

/** Numbers the bodies of closed steps in the order they are yielded. */
export interface BodyCounter {
  next: number;
}

/** The page as one text, with every body in its element: for tests and small runs. */
export function joinHtmlParts(parts: Iterable<HtmlPart>, store = new LazyBodies()): string {
  const page: string[] = [];
  for (const part of parts) {
    if (part instanceof StepBody) store.add(part.html);
    else if (part === BODIES_ELEMENT) page.push(store.toHtml());
    else page.push(part);
  }
  return page.join('');
}
