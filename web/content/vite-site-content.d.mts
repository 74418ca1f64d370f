import type { Plugin } from 'vite';

export declare function siteContent(): Plugin;
