/**
 * Document symbols (the outline): the scenario, its sections (`setup`, `steps`, `teardown`) and their steps,
 * with the steps of `repeat` and `for_each` inside their loop. A node's range runs from its first key to
 * where the next one of its level starts (the tree keeps start places only).
 */
import { SymbolKind, type DocumentSymbol, type Position, type Range } from 'vscode-languageserver/node';
import { SECTIONS, entryOf, stepKind, stepMaps, toPlain, valueOf, type YamlMap } from '../language/index.js';
import { notAfter, toPosition } from './positions.js';
import { stepLabel } from './stepLabels.js';

export function documentSymbols(root: YamlMap, lines: readonly string[]): DocumentSymbol[] {
  const end: Position = { line: lines.length, character: 0 };
  const name = valueOf(root, 'scenario');
  const topKeys = root.entries.map((entry) => toPosition(entry.key.loc));
  const sections = SECTIONS.flatMap((section): DocumentSymbol[] => {
    const entry = entryOf(root, section);
    if (!entry) return [];
    const start = toPosition(entry.key.loc);
    const next = topKeys.find((position) => !notAfter(position, start)) ?? end;
    const range = { start, end: next };
    return [
      {
        name: section,
        kind: SymbolKind.Namespace,
        range,
        selectionRange: keyRange(start, section),
        children: stepSymbols(stepMaps(entry.value), next),
      },
    ];
  });
  const start = { line: 0, character: 0 };
  return [
    {
      name: name ? String(toPlain(name)) : 'scenario',
      detail: 'scenario',
      kind: SymbolKind.Module,
      range: { start, end },
      selectionRange: name ? keyRange(toPosition(name.loc), String(toPlain(name))) : { start, end: start },
      children: sections,
    },
  ];
}

function stepSymbols(steps: readonly YamlMap[], parentEnd: Position): DocumentSymbol[] {
  return steps.map((step, index) => {
    const start = toPosition(step.loc);
    const next = steps[index + 1];
    const range: Range = { start, end: next ? toPosition(next.loc) : parentEnd };
    const kind = stepKind(step);
    const loop = kind === 'repeat' || kind === 'for_each' ? valueOf(step, kind) : undefined;
    const nested = stepMaps(valueOf(loop, 'steps'));
    const label = stepLabel(step);
    return {
      name: label,
      ...(kind ? { detail: kind } : {}),
      kind: kind === 'use' ? SymbolKind.Module : SymbolKind.Function,
      range,
      selectionRange: keyRange(start, ''),
      ...(nested.length > 0 ? { children: stepSymbols(nested, range.end) } : {}),
    };
  });
}

function keyRange(start: Position, text: string): Range {
  return { start, end: { line: start.line, character: start.character + text.length } };
}
