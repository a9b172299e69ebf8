import react from '@vitejs/plugin-react';
import { defineConfig, type EnvironmentOptions, type Plugin, type ViteBuilder } from 'vite';

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

/** One page's build into dist/client; the first empties the folder. */
function page(name: string, html: string, first: boolean): EnvironmentOptions {
  return { consumer: 'client', build: { outDir: 'dist/client', emptyOutDir: first, rolldownOptions: { input: { [name]: html } } } };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), adminPage(), themeWithoutVars()],
  // Two pages, built one after the other rather than together: a build shares a module between its pages whole,
  // so the portal would carry what only the admin uses of a shared library (react-router, MUI, the providers).
  // The development server serves both pages as before.
  ...(command === 'build' && {
    environments: { client: page('portal', 'index.html', true), admin: page('admin', 'admin.html', false) },
    builder: {
      async buildApp(builder: ViteBuilder) {
        await builder.build(builder.environments.client);
        await builder.build(builder.environments.admin);
      },
    },
  }),
  build: { chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
}));
