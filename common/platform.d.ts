/**
 * The web-platform globals that both Node (20 and later) and browsers provide, as far as common/ uses
 * them. common/ runs on both sides, so its tsconfig has neither Node's types nor the DOM's: a global
 * it needs is declared here, once someone has checked that both runtimes have it.
 */

declare class URLSearchParams {
  constructor(init?: string | Record<string, string>);
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  toString(): string;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly origin: string;
  readonly searchParams: URLSearchParams;
  href: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  toString(): string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBuffer | ArrayBufferView): string;
}

declare function btoa(data: string): string;
declare function atob(data: string): string;
