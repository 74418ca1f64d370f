/** Writes docs/openapi.json from the code (`npm run openapi` also regenerates the web's API types). */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../config/app-config.js';
import { generateOpenApiDocument, serialiseOpenApiDocument } from './openapi-document.js';

const target = path.join(REPO_ROOT, 'docs', 'openapi.json');
await writeFile(target, serialiseOpenApiDocument(await generateOpenApiDocument()));
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
