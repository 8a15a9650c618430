import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

// The gateway serves /api and /socket.io; in development Vite forwards both to it.
const gatewayUrl = process.env['GATEWAY_URL'] ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: gatewayUrl, changeOrigin: true },
  '/socket.io': { target: gatewayUrl, changeOrigin: true, ws: true },
};

export default defineConfig({
  root: fromHere('.'),
  publicDir: fromHere('./public'),
  plugins: [react()],
  resolve: {
    // Contracts are consumed from source, like the rest of the workspace: no build step in between.
    alias: { '@labeldesk/contracts': fromHere('../libs/contracts/src/index.ts') },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 2 },
            { name: 'chakra', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
