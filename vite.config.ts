import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type EnvironmentOptions, type Plugin, type ViteBuilder } from 'vite';
import { portalTexts } from './src/portal/textParts.js';

/** In development, /admin/* is the admin page, as the server does it in production. */
function adminPage(): Plugin {
  return {
    name: 'admin-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/admin(\/|$|\?)/.test(req.url) && !req.url.includes('.')) req.url = '/admin.html';
        next();
      });
    },
  };
}

/**
 * MUI's createTheme without its CSS-variable themes (createThemeWithVars, about 5 kB gzipped), for the portal: it and
 * MUI's default theme call createTheme without `cssVariables` or `colorSchemes`, for which MUI itself returns
 * createThemeNoVars' theme; a later call with either stops with an error rather than looking different.
 */
function themeWithoutVars(): Plugin {
  return {
    name: 'theme-without-vars',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    load(id) {
      if (!id.replace(/\\/g, '/').endsWith('/@mui/material/esm/styles/createTheme.js')) return null;
      return `import createThemeNoVars from './createThemeNoVars.js';
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) throw new Error('The portal build has no CSS-variable themes (see vite.config.ts).');
  return createThemeNoVars(options, ...args);
}`;
    },
  };
}

/**
 * The portal's build keeps of locales/*.json only what the portal shows (src/portal/textParts.ts, which its
 * messages.ts also applies, so that the development server and the tests load the same): the first texts where a
 * locale file is imported, and where src/portal/laterTexts.*.ts import it, in a module of its own, the later ones.
 */
function portalTextsOnly(): Plugin {
  return {
    name: 'portal-texts-only',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (!importer || !/[\\/]src[\\/]portal[\\/]laterTexts\.[\w-]+\.ts$/.test(importer)) return null;
      return `${path.resolve(path.dirname(importer), source)}?later`;
    },
    transform(code, id) {
      const locale = /[\\/]locales[\\/][\w-]+\.json(\?later)?$/.exec(id);
      if (!locale) return null;
      const texts = portalTexts(JSON.parse(code) as Record<string, unknown>, locale[1] ? 'later' : 'first');
      return { code: JSON.stringify(texts), map: null, moduleType: 'json' };
    },
  };
}

// hoist-non-react-statics, which emotion imports for a helper neither app uses, is CommonJS, so the build would
// otherwise keep it (with react-is) for fear of side effects it does not have.
const treeshake = { moduleSideEffects: (id: string) => (/[\\/]hoist-non-react-statics[\\/]/.test(id) ? false : undefined) };

/**
 * The portal's chunks (measured by bench/bundle.ts): the code its page needs before anything shows (React, MUI's
 * core, the layout, the first texts) as one chunk, and what five or more of its lazy chunks share (MUI's inputs and
 * alerts …) as another, rather than each shared piece a chunk of its own: each file compresses apart from the others,
 * and /register and the form load 5 kB less than in two dozen pieces (a page that uses few of the shared ones, such
 * as the dashboard, 2 kB more).
 */
const portalChunks = {
  groups: [
    { name: 'portal', tags: ['$initial' as const] },
    { name: 'shared', minShareCount: 5 },
  ],
};

/** One page's build into dist/client; the first empties the folder. */
function page(name: string, html: string, first: boolean, codeSplitting?: typeof portalChunks): EnvironmentOptions {
  const output = codeSplitting && { codeSplitting };
  return {
    consumer: 'client',
    build: { outDir: 'dist/client', emptyOutDir: first, rolldownOptions: { input: { [name]: html }, treeshake, output } },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), adminPage(), themeWithoutVars(), portalTextsOnly()],
  // Two pages, built one after the other rather than together: a build shares a module between its pages whole,
  // so the portal would carry what only the admin uses of a shared library (MUI, the providers).
  // The development server serves both pages as before.
  ...(command === 'build' && {
    environments: { client: page('portal', 'index.html', true, portalChunks), admin: page('admin', 'admin.html', false) },
    builder: {
      async buildApp(builder: ViteBuilder) {
        await builder.build(builder.environments.client);
        await builder.build(builder.environments.admin);
      },
    },
  }),
  // wouter (the portal's router) imports useSyncExternalStore from a shim for React before 18: React's own is 0.2 kB less.
  resolve: { alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' }] },
  build: { chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
}));
