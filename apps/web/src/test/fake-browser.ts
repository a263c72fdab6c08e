import { expect, vi } from 'vitest';

/** An in-memory Storage, enough for the session code. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

export interface FakeBrowser {
  window: Window;
  localStorage: MemoryStorage;
  sessionStorage: MemoryStorage;
  /** Delivers a `storage` event as if another tab had written `key` to localStorage. */
  storageEventFromOtherTab: (key: string | null, newValue: string | null) => void;
}

/**
 * Installs a minimal `window` (events, timers, both storages) as a global for one test. Only in
 * `*.window.test.ts` files: those run in a fresh worker each (vitest.window.config.ts), while the
 * other web tests share their workers file after file (vitest.config.ts), where a global window and
 * the session code's module state would leak into the next file.
 */
export function installFakeBrowser(): FakeBrowser {
  const file = expect.getState().testPath ?? '';
  if (!file.endsWith('.window.test.ts')) {
    throw new Error(
      `installFakeBrowser() runs only in *.window.test.ts files (an isolated worker each); rename ${file}`,
    );
  }
  const target = new EventTarget();
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  const fakeWindow = Object.assign(target, {
    localStorage,
    sessionStorage,
    setTimeout: (handler: () => void, ms?: number) => setTimeout(handler, ms),
    clearTimeout: (id?: ReturnType<typeof setTimeout>) => clearTimeout(id),
  }) as unknown as Window;
  vi.stubGlobal('window', fakeWindow);

  return {
    window: fakeWindow,
    localStorage,
    sessionStorage,
    storageEventFromOtherTab: (key, newValue) => {
      const event = Object.assign(new Event('storage'), { key, newValue, storageArea: localStorage });
      fakeWindow.dispatchEvent(event);
    },
  };
}
