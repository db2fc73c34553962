// Where a place in an area's bundle comes from in the sources under openapi/: a finding that a
// tool reports against the bundle (Spectral reads the bundles) is shown at the source file and
// line a person edits. The bundle mirrors the sources except where Redocly inlined an external
// `$ref` (followed here) or hoisted a referenced file into `components` under the file's name
// (found through the refs reachable from the area's root).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { unescapePointerToken } from './openapi.ts';

export interface SourceLocation {
  /** Absolute path of the source file. */
  file: string;
  line: number;
  col: number;
}

interface Loaded {
  root: Node | null;
  lines: LineCounter;
}

type Key = string | number;

export class SourceLocator {
  private readonly files = new Map<string, Loaded>();
  private hoisted?: Map<string, { file: string; pointer: Key[] }[]>;

  /** @param rootFile the area's openapi.yaml */
  constructor(private readonly rootFile: string) {}

  private load(file: string): Loaded {
    let loaded = this.files.get(file);
    if (!loaded) {
      const lines = new LineCounter();
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      loaded = { root: parseDocument(text, { lineCounter: lines }).contents as Node | null, lines };
      this.files.set(file, loaded);
    }
    return loaded;
  }

  private position(file: string, offset: number | undefined): SourceLocation {
    const { line, col } = offset === undefined ? { line: 1, col: 1 } : this.load(file).lines.linePos(offset);
    return { file, line, col };
  }

  /** The source of a bundle path such as ['components', 'schemas', 'Zone', 'properties', 'id']. */
  locate(bundlePath: Key[]): SourceLocation {
    const direct = this.walk(this.rootFile, [], bundlePath);
    if (direct.complete || bundlePath[0] !== 'components' || bundlePath.length < 3) return direct.location;
    // Not in the root's components: a file Redocly hoisted there under its own name.
    const [, type, name, ...rest] = bundlePath;
    const candidates = this.hoistedComponents().get(String(name).replace(/-\d+$/, '')) ?? [];
    const best = candidates.find((c) => c.file.split(path.sep).includes(String(type))) ?? candidates[0];
    return best ? this.walk(best.file, best.pointer, rest).location : direct.location;
  }

  /** Follows `keys` from `pointer` in `file`, through external $refs; stops at the deepest node found. */
  private walk(file: string, pointer: Key[], keys: Key[]): { location: SourceLocation; complete: boolean } {
    let current = file;
    let node = this.nodeAt(file, pointer);
    let location = this.position(file, node?.range?.[0]);
    for (const key of keys) {
      ({ file: current, node } = this.followRefs(current, node));
      const child = this.child(node, key);
      if (!child) return { location, complete: false };
      location = this.position(current, child.keyOffset);
      node = child.node;
    }
    return { location, complete: true };
  }

  private nodeAt(file: string, pointer: Key[]): Node | null {
    let node = this.load(file).root;
    for (const key of pointer) node = this.child(node, key)?.node ?? null;
    return node;
  }

  private child(node: Node | null, key: Key): { node: Node | null; keyOffset?: number } | undefined {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
      if (!pair) return undefined;
      return { node: pair.value as Node | null, keyOffset: (pair.key as Node).range?.[0] };
    }
    if (isSeq(node) && /^\d+$/.test(String(key))) {
      const item = node.items[Number(key)] as Node | undefined;
      return item ? { node: item, keyOffset: item.range?.[0] } : undefined;
    }
    return undefined;
  }

  private refOf(node: Node | null): string | undefined {
    if (!isMap(node)) return undefined;
    const ref = node.items.find((item) => isScalar(item.key) && item.key.value === '$ref');
    const value = ref && isScalar(ref.value) ? ref.value.value : undefined;
    return typeof value === 'string' && !value.startsWith('#') ? value : undefined;
  }

  private resolveRef(file: string, ref: string): { file: string; pointer: Key[] } {
    const [target, fragment = ''] = ref.split('#');
    const pointer = fragment.split('/').slice(1).map(unescapePointerToken);
    return { file: path.resolve(path.dirname(file), decodeURI(target!)), pointer };
  }

  private followRefs(file: string, node: Node | null): { file: string; node: Node | null } {
    for (let hops = 0, ref = this.refOf(node); ref && hops < 50; hops++, ref = this.refOf(node)) {
      const target = this.resolveRef(file, ref);
      file = target.file;
      node = this.nodeAt(file, target.pointer);
    }
    return { file, node };
  }

  /** Every external ref reachable from the root, by the component name Redocly gives it when hoisting. */
  private hoistedComponents() {
    if (this.hoisted) return this.hoisted;
    const byName = new Map<string, { file: string; pointer: Key[] }[]>();
    const seen = new Set<string>();
    const visit = (file: string, node: unknown) => {
      if (isMap(node) || isSeq(node)) {
        const ref = this.refOf(node as Node);
        if (ref) {
          const target = this.resolveRef(file, ref);
          const name = String(target.pointer.at(-1) ?? path.basename(target.file).replace(/\.(ya?ml|json)$/, ''));
          const list = byName.get(name) ?? [];
          if (!list.some((t) => t.file === target.file)) list.push(target);
          byName.set(name, list);
          if (!seen.has(target.file)) {
            seen.add(target.file);
            visit(target.file, this.load(target.file).root);
          }
        }
        for (const item of (node as { items: unknown[] }).items) visit(file, isMap(node) ? (item as { value: unknown }).value : item);
      }
    };
    seen.add(this.rootFile);
    visit(this.rootFile, this.load(this.rootFile).root);
    this.hoisted = byName;
    return byName;
  }
}
