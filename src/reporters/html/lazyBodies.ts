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

  private readonly bodies: string[] = [];

  /** Stores a body and returns the number the step's row refers to. */
  add(html: string): number {
    this.bodies.push(html);
    return this.bodies.length - 1;
  }

  toHtml(): string {
    const text = this.bodies.join(LazyBodies.SEPARATOR);
    if (/<\/script|<!--/i.test(text)) throw new Error('HTML report: a step body contains unescaped markup');
    return `<script type="text/html" id="${LazyBodies.ELEMENT_ID}">${text}</script>`;
  }
}
