import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';

const REPO = path.resolve(__dirname, '../../../..');

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}
interface Manifest {
  contributes: {
    commands: { command: string; title: string }[];
    menus: { commandPalette: MenuItem[]; 'editor/context': MenuItem[] };
    configuration: { properties: Record<string, { default: unknown }> };
  };
}

const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Manifest;
const titles = new Map(manifest.contributes.commands.map((c) => [c.command, c.title]));

describe('package.json: the palette and the context menus', () => {
  test('every command has a `when` clause in the palette (none shows where it cannot run)', () => {
    const palette = new Map(manifest.contributes.menus.commandPalette.map((m) => [m.command, m.when]));
    assert.deepEqual(
      manifest.contributes.commands.filter((c) => !palette.get(c.command)).map((c) => c.command),
      [],
    );
    for (const id of [
      'graphqlMetadata.exportFromServer',
      'graphqlMetadata.applyToServer',
      'graphqlMetadata.diffWithServer',
      'graphqlMetadata.reloadMetadata',
      'graphqlMetadata.showInconsistencies',
    ]) {
      assert.equal(palette.get(id), 'graphqlMetadata.hasRoots', id);
    }
    assert.equal(palette.get('graphqlMetadata.restartServer'), 'graphqlMetadata.active');
  });

  test('context menus are symmetric: where Drop X is offered, Add or Create X is too, under the same condition', () => {
    const menu = manifest.contributes.menus['editor/context'];
    const offered = new Set(menu.map((m) => `${m.when} :: ${titles.get(m.command)}`));
    const drops = menu.filter((m) => titles.get(m.command)!.startsWith('Drop '));
    assert.ok(drops.length >= 3);
    for (const drop of drops) {
      const thing = titles.get(drop.command)!.slice('Drop '.length);
      const counterparts = [`Add ${thing}`, `Create ${thing}`, `Create Object ${thing}`];
      assert.ok(
        counterparts.some((title) => offered.has(`${drop.when} :: ${title}`)),
        `${titles.get(drop.command)} has no Add/Create beside it (${drop.when})`,
      );
    }
  });
});

describe('README: the settings table', () => {
  for (const readme of ['README.md', 'docs/marketplace/README.md']) {
    test(`${readme} lists every setting with its default, and no other`, () => {
      const text = fs.readFileSync(path.join(REPO, readme), 'utf8');
      const rows = [...text.matchAll(/^\| `(graphqlMetadata\.[\w.]+)` \| `([^`]*)` \|/gm)].map((m) => [m[1]!, m[2]!] as const);
      const expected = Object.entries(manifest.contributes.configuration.properties).map(([name, p]) => [name, JSON.stringify(p.default)] as const);
      assert.deepEqual([...rows].sort(), [...expected].sort());
    });
  }
});
