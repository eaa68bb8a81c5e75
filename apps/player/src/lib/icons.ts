/**
 * Icon data from our own endpoint (spec §7/§9, issue 15 §4; decision 037): `<Icon name="set:name">`
 * asks `GET /app/icons/<set>.json?icons=a,b,c` (the server answers Iconify JSON from installed
 * `@iconify-json/*` packages, never a public icon service). Icons asked for in the same moment go in
 * one request, split so no URL passes the spec's 500 characters. A request that has no answer after
 * 750 ms is sent to the next host of the list as well (the first answer wins) and is given up after
 * 5 s. The first screen's icons are not loaded so: they are bundled (components/ui/icons.tsx).
 */

/** Spec §9: a request rotates to the next host after 750 ms, times out after 5 s, URLs up to 500 characters. */
export const ICON_ROTATE_MS = 750;
export const ICON_TIMEOUT_MS = 5_000;
export const ICON_URL_LIMIT = 500;

/** One icon, ready to draw. */
export interface IconData {
  body: string;
  width: number;
  height: number;
}

/** Iconify's icon-set JSON, as far as this loader reads it. */
interface IconSetAnswer {
  prefix?: string;
  icons?: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string; width?: number; height?: number }>;
  width?: number;
  height?: number;
  not_found?: string[];
}

/** Where icon requests go, in order of rotation: '' is this origin (the one host in production). */
let hosts: readonly string[] = [''];

/** Sets the hosts icon requests rotate over ('' = this origin); the list must not be empty. */
export function setIconHosts(list: readonly string[]): void {
  if (list.length === 0) throw new Error('setIconHosts: at least one host');
  hosts = [...list];
}

const iconPath = (prefix: string, names: readonly string[]) => `/app/icons/${prefix}.json?icons=${names.join(',')}`;

/**
 * The request paths for these icons of one set, each URL (the longest host in front) at most
 * `limit` characters. A name that would not fit even alone is left out (none of Iconify's does).
 */
export function iconRequestPaths(prefix: string, names: readonly string[], hostList: readonly string[] = hosts, limit = ICON_URL_LIMIT): string[] {
  const longestHost = Math.max(...hostList.map((h) => h.length));
  const fits = (list: readonly string[]) => longestHost + iconPath(prefix, list).length <= limit;
  const paths: string[] = [];
  let batch: string[] = [];
  for (const name of names) {
    if (!fits([name])) continue;
    if (fits([...batch, name])) {
      batch.push(name);
      continue;
    }
    paths.push(iconPath(prefix, batch));
    batch = [name];
  }
  if (batch.length) paths.push(iconPath(prefix, batch));
  return paths;
}

export interface RotationOptions {
  hosts?: readonly string[];
  fetch?: typeof fetch;
  rotateMs?: number;
  timeoutMs?: number;
}

/**
 * GETs `path` from the first host; while no answer has come, the same request goes to the next host
 * every `rotateMs` (and at once when one fails). The first good answer wins and the others are
 * aborted; after `timeoutMs`, or when every host has failed, it rejects.
 */
export function fetchWithRotation(path: string, options: RotationOptions = {}): Promise<unknown> {
  const list = options.hosts ?? hosts;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const rotateMs = options.rotateMs ?? ICON_ROTATE_MS;
  const timeoutMs = options.timeoutMs ?? ICON_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const controllers: AbortController[] = [];
    let next = 0;
    let failed = 0;
    let done = false;
    let rotation: ReturnType<typeof setTimeout> | undefined;
    const finish = (ok: boolean, value: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(rotation);
      clearTimeout(deadline);
      for (const c of controllers) c.abort();
      if (ok) resolve(value);
      else reject(value instanceof Error ? value : new Error(String(value)));
    };
    const send = () => {
      if (done || next >= list.length) return;
      const host = list[next++]!;
      const controller = new AbortController();
      controllers.push(controller);
      clearTimeout(rotation);
      if (next < list.length) rotation = setTimeout(send, rotateMs);
      doFetch(`${host}${path}`, { signal: controller.signal, credentials: 'same-origin' })
        .then(async (res) => {
          if (!res.ok) throw new Error(`icons: ${res.status} from ${host || 'this origin'}`);
          return res.json() as Promise<unknown>;
        })
        .then(
          (data) => finish(true, data),
          (err: unknown) => {
            if (done) return;
            failed += 1;
            if (next < list.length) send(); // a failed host: the next one at once
            else if (failed >= list.length) finish(false, err);
          },
        );
    };
    const deadline = setTimeout(() => finish(false, new Error(`icons: no answer in ${timeoutMs} ms`)), timeoutMs);
    send();
  });
}

// ---- The loaded icons, shared by every <Icon> on the page ----

/** `set:name` → its data, or null when the set does not have it. Absent: not loaded (yet). */
const loaded = new Map<string, IconData | null>();
const inFlight = new Set<string>();
const queued = new Set<string>();
const listeners = new Set<() => void>();
let flushScheduled = false;

const emit = () => {
  for (const l of listeners) l();
};

/** Adds icons from Iconify JSON (an endpoint answer, or a subset bundled at build time). */
export function addIconSet(answer: IconSetAnswer): void {
  const prefix = answer.prefix;
  if (!prefix) return;
  const width = answer.width ?? 16;
  const height = answer.height ?? 16;
  for (const [name, icon] of Object.entries(answer.icons ?? {})) {
    loaded.set(`${prefix}:${name}`, { body: icon.body, width: icon.width ?? width, height: icon.height ?? height });
  }
  for (const [name, alias] of Object.entries(answer.aliases ?? {})) {
    let parent = alias.parent;
    let icon = answer.icons?.[parent];
    for (let depth = 0; !icon && answer.aliases?.[parent] && depth < 8; depth += 1) {
      parent = answer.aliases[parent]!.parent;
      icon = answer.icons?.[parent];
    }
    if (icon) loaded.set(`${prefix}:${name}`, { body: icon.body, width: alias.width ?? icon.width ?? width, height: alias.height ?? icon.height ?? height });
  }
  for (const name of answer.not_found ?? []) loaded.set(`${prefix}:${name}`, null);
  emit();
}

/** The icon's data once loaded; undefined while it is not, null when its set does not have it. */
export function getIcon(name: string): IconData | null | undefined {
  return loaded.get(name);
}

export function subscribeIcons(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function flush(): Promise<void> {
  flushScheduled = false;
  const bySet = new Map<string, string[]>();
  for (const full of queued) {
    const [prefix, name] = full.split(':') as [string, string];
    bySet.set(prefix, [...(bySet.get(prefix) ?? []), name]);
    inFlight.add(full);
  }
  queued.clear();
  const requests = [...bySet].flatMap(([prefix, names]) => iconRequestPaths(prefix, names.sort()).map((path) => ({ prefix, path })));
  await Promise.all(
    requests.map(async ({ prefix, path }) => {
      const names = (new URL(path, 'http://x').searchParams.get('icons') ?? '').split(',');
      try {
        addIconSet((await fetchWithRotation(path)) as IconSetAnswer);
      } catch {
        // No answer in time: these icons stay blank, and the next screen that shows them asks again.
      } finally {
        for (const n of names) inFlight.delete(`${prefix}:${n}`);
      }
    }),
  );
}

/** Asks for icons not loaded yet; those asked for in one task go out together. */
export function loadIcons(names: readonly string[]): void {
  for (const name of names) {
    if (!/^[a-z0-9-]+:[a-z0-9-]+$/.test(name) || loaded.has(name) || inFlight.has(name)) continue;
    queued.add(name);
  }
  if (queued.size && !flushScheduled) {
    flushScheduled = true;
    setTimeout(() => void flush(), 0);
  }
}

/** Forgets every loaded icon and the hosts (tests). */
export function resetIcons(): void {
  loaded.clear();
  inFlight.clear();
  queued.clear();
  flushScheduled = false;
  hosts = [''];
  emit();
}
