import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), adminPage()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Two pages, so the portal's HTML loads only the portal's code and never the admin's.
    rolldownOptions: { input: { portal: 'index.html', admin: 'admin.html' } },
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
