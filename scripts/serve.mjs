// `npm start`: serve the built dist/ on localhost and print the URL.
import { preview } from 'vite';

const port = Number(process.env.PORT ?? 4173);
const server = await preview({ preview: { port, strictPort: false, host: '127.0.0.1', open: false } });
const url = server.resolvedUrls?.local?.[0] ?? `http://127.0.0.1:${port}/`;
console.log(`\nNeptune is running at ${url}\n(press Ctrl+C to stop)`);
