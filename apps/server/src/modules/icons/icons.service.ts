/**
 * Icon data (spec §7/§9, issue 15 §4; decision 037): subsets of installed `@iconify-json/<set>`
 * packages in Iconify's own JSON format, so the player never asks a public icon service. A set is
 * read from its package on first use and kept in memory; an answer depends only on the package's
 * version and the icons asked for.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The sets the player may ask for: a prefix maps to its `@iconify-json/<prefix>` package. */
export const ICON_SETS = ['lucide'] as const;

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
  [key: string]: unknown;
}
interface IconifyAlias {
  parent: string;
  [key: string]: unknown;
}
interface IconifySet {
  prefix: string;
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
  width?: number;
  height?: number;
  lastModified?: number;
}

/** What an answer holds: Iconify's icon-set JSON reduced to the icons asked for, unknown names in `not_found`. */
export interface IconSubset {
  prefix: string;
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
  width?: number;
  height?: number;
  lastModified?: number;
  not_found?: string[];
}

/** An icon name as Iconify spells them: lower-case words joined by hyphens (or underscores). */
export const ICON_NAME = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export interface IconService {
  /** The set's package version (what an answer's validator is made of), or null for an unknown prefix. */
  version(prefix: string): string | null;
  /** The icons asked for, with the aliases' parents; null for an unknown prefix. */
  subset(prefix: string, names: readonly string[]): IconSubset | null;
}

export function createIconService(sets: readonly string[] = ICON_SETS): IconService {
  const require = createRequire(import.meta.url);
  const loaded = new Map<string, { set: IconifySet; version: string }>();
  const load = (prefix: string) => {
    if (!sets.includes(prefix)) return null;
    let entry = loaded.get(prefix);
    if (!entry) {
      const pkg = `@iconify-json/${prefix}`;
      const set = JSON.parse(readFileSync(require.resolve(`${pkg}/icons.json`), 'utf8')) as IconifySet;
      const { version } = JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string };
      entry = { set, version };
      loaded.set(prefix, entry);
    }
    return entry;
  };
  return {
    version: (prefix) => load(prefix)?.version ?? null,
    subset(prefix, names) {
      const entry = load(prefix);
      if (!entry) return null;
      const { set } = entry;
      const icons: Record<string, IconifyIcon> = {};
      const aliases: Record<string, IconifyAlias> = {};
      const notFound: string[] = [];
      for (const name of names) {
        // An alias is answered with its chain of parents down to the icon (Iconify resolves it so).
        let current = name;
        for (let depth = 0; depth < 8; depth += 1) {
          const icon = set.icons[current];
          if (icon) {
            icons[current] = icon;
            break;
          }
          const alias = set.aliases?.[current];
          if (!alias) {
            if (current === name) notFound.push(name);
            break;
          }
          aliases[current] = alias;
          current = alias.parent;
        }
      }
      return {
        prefix: set.prefix,
        icons,
        ...(Object.keys(aliases).length ? { aliases } : {}),
        ...(set.width ? { width: set.width } : {}),
        ...(set.height ? { height: set.height } : {}),
        ...(set.lastModified ? { lastModified: set.lastModified } : {}),
        ...(notFound.length ? { not_found: notFound } : {}),
      };
    },
  };
}
