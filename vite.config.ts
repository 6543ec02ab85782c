import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    // changeOrigin stays false so the API sees the browser's host and the Origin check passes.
    proxy: {
      '/api': { target: 'http://localhost:5000' },
      '/ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
});
