import { afterEach, expect, it } from 'vitest';

const RealFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = RealFunction;
});

/** Replaces the global Function with a spy that records every code string it is asked to compile. */
function spyOnFunctionConstructor(): string[][] {
  const compiled: string[][] = [];
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: string[]) {
      compiled.push(args);
      return Reflect.construct(target, args);
    },
    apply(target, thisArg, args: string[]) {
      compiled.push(args);
      return Reflect.apply(target, thisArg, args);
    },
  });
  return compiled;
}

it('the spy sees a Function construction (so the next test can trust an empty list)', () => {
  const compiled = spyOnFunctionConstructor();
  new Function('return 1');
  expect(compiled).toEqual([['return 1']]);
});

it('parses the contract schemas the app uses without compiling code or probing for eval (strict CSP)', async () => {
  const compiled = spyOnFunctionConstructor();
  await import('./zod-jitless.ts');
  const { accountLoginEndpoint } = await import('@playhall/contract');
  const ok = accountLoginEndpoint.request.safeParse({ channel: 'WEB', appVersion: '1.1.2', platform: 0, account: 'demo', password: 'playhall123' });
  const bad = accountLoginEndpoint.request.safeParse({ account: 1 });
  expect(ok.success).toBe(true);
  expect(bad.success).toBe(false);
  expect(compiled).toEqual([]);
});
