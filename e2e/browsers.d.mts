// Types of browsers.mjs, which ensure-chromium.mjs runs in plain Node before any TypeScript loader.
export declare const fullBrowser: string;
export declare const headlessShell: string;
