import { describe, expect, it } from 'vitest';
import { Languages } from '@playhall/contract';
import en from './en-US.json';
import pt from './pt-BR.json';
import th from './th-TH.json';

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const locales: Record<string, Record<string, string>> = {
  'en-US': flatten(en as Tree),
  'pt-BR': flatten(pt as Tree),
  'th-TH': flatten(th as Tree),
};
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('ships a file for every contract language', () => {
    expect(Object.keys(locales).sort()).toEqual([...Languages].sort());
  });

  it.each(['pt-BR', 'th-TH'])('%s has exactly the keys of en-US', (lng) => {
    expect(Object.keys(locales[lng]!).sort()).toEqual(Object.keys(locales['en-US']!).sort());
  });

  it.each(['en-US', 'pt-BR', 'th-TH'])('%s has no empty text and keeps every placeholder', (lng) => {
    for (const [key, text] of Object.entries(locales[lng]!)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(locales['en-US']![key]!));
    }
  });

  it('really translates: most texts differ from English', () => {
    for (const lng of ['pt-BR', 'th-TH']) {
      const keys = Object.keys(locales['en-US']!);
      const same = keys.filter((k) => locales[lng]![k] === locales['en-US']![k]);
      // Only brand-like strings ("OK", "ID {{id}}", "Avatar {{n}}") may stay the same.
      expect(same.length, `${lng}: ${same.join(', ')}`).toBeLessThanOrEqual(4);
    }
  });

  it('says the spec texts in English', () => {
    expect(locales['en-US']!['common.tips']).toBe('Tips');
    expect(locales['en-US']!['common.timeout']).toBe('The request has timed out, please try again later');
    expect(locales['en-US']!['errors.pageNotFound']).toBe('Page Not Found: {{path}}');
  });
});
