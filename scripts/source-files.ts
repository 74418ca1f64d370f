/**
 * What the build's own checks read (docs/architecture.md, "Rules the build checks"): the files
 * git tracks or would track (ignored ones left out), and the lines of them a pattern matches.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Tracked and untracked-but-not-ignored files under `folders` (the whole repository when none). */
export function sourceFiles(...folders: string[]): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...folders], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

/** `file:line: the line` for every line of `paths` that `pattern` matches. */
export function matchingLines(paths: readonly string[], pattern: RegExp): string[] {
  const hits: string[] = [];
  for (const path of paths) {
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (pattern.test(line)) hits.push(`${path}:${index + 1}: ${line.trim()}`);
      });
  }
  return hits;
}
