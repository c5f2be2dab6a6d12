// The content model in docs/content.md is what a newcomer types into
// a new Hygraph project, so it must name exactly the fields the build asks for
// (query.ts), with the types schema.graphql gives them, the enumeration's
// values, and as required exactly the fields without which records.ts skips
// an article.
import { readFileSync } from 'node:fs';
import { getNamedType, isEnumType, Kind, parse, type FragmentDefinitionNode, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import sample from '../../../src/content/articles.sample.json';
import { ARTICLES_QUERY } from '../../../src/lib/articles/query.ts';
import { validateRecords } from '../../../src/lib/articles/records.ts';
import { articleSchema } from '../../../scripts/lib/graphql-server.ts';

/** Fields every Hygraph model has: the site reads them, nobody creates them. */
const SYSTEM_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);

/** How the docs name the Hygraph field type for each GraphQL type the model uses. */
const HYGRAPH_TYPES: Record<string, RegExp> = {
  String: /^(Single line text|Multi line text|Slug)\b/,
  Int: /^Number \(integer\)$/,
  Date: /^Date$/,
  Asset: /^Asset picker \(one asset\)$/,
  RichText: /^Rich text$/,
};

interface Row {
  apiId: string;
  type: string;
  required: boolean;
}

function documentedModel(): { rows: Row[]; text: string } {
  const doc = readFileSync(new URL('../../../docs/content.md', import.meta.url), 'utf8');
  const start = doc.indexOf('\n### The content model\n');
  expect(start, 'docs/content.md has a "### The content model" section').toBeGreaterThan(-1);
  const text = doc.slice(start, doc.indexOf('The build checks every record', start));
  const rows = text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [apiId, type, required] = line
        .split('|')
        .slice(1, 4)
        .map((cell) => cell.trim());
      return { apiId: apiId!.replaceAll('`', ''), type: type!, required: required === 'yes' };
    });
  return { rows, text };
}

/** The fields the articles query selects on each article (its fragment on Article), system fields left out. */
function queriedFields(): string[] {
  const fragment = parse(ARTICLES_QUERY).definitions.find(
    (definition): definition is FragmentDefinitionNode =>
      definition.kind === Kind.FRAGMENT_DEFINITION && definition.typeCondition.name.value === 'Article',
  );
  return (fragment?.selectionSet.selections ?? []).flatMap((selection) =>
    selection.kind === Kind.FIELD && !SYSTEM_FIELDS.has(selection.name.value) ? [selection.name.value] : [],
  );
}

const article = () => articleSchema().getType('Article') as GraphQLObjectType;

describe('the content model in docs/content.md', () => {
  const { rows, text } = documentedModel();

  it('lists exactly the fields the build asks the content service for', () => {
    expect(rows.map((row) => row.apiId).sort()).toEqual(queriedFields().sort());
  });

  it('gives each field the Hygraph type matching its type in schema.graphql', () => {
    for (const { apiId, type } of rows) {
      const graphqlType = getNamedType(article().getFields()[apiId]!.type);
      const expected = isEnumType(graphqlType)
        ? new RegExp(`^Dropdown \\(enumeration \`${graphqlType.name}\``)
        : HYGRAPH_TYPES[graphqlType.name];
      expect(expected, `${apiId}: ${graphqlType.name}`).toBeDefined();
      expect(type, apiId).toMatch(expected!);
    }
  });

  it('lists every value of each enumeration, and no other', () => {
    for (const { apiId } of rows) {
      const graphqlType = getNamedType(article().getFields()[apiId]!.type);
      if (!isEnumType(graphqlType)) continue;
      const listed = text.slice(text.indexOf(`The values of the \`${graphqlType.name}\` enumeration`));
      const paragraph = listed.slice(0, listed.indexOf('. A '));
      const values = [...paragraph.matchAll(/`([A-Za-z0-9_]+)`/g)].map((match) => match[1]).slice(1);
      expect(values.sort()).toEqual(
        graphqlType
          .getValues()
          .map((value) => value.name)
          .sort(),
      );
    }
  });

  it('marks as required exactly the fields without which the build skips an article', () => {
    const complete = sample.data.articles[0]! as Record<string, unknown>;
    expect(validateRecords([complete]).valid).toHaveLength(1);
    const skippedWithout = queriedFields().filter((field) => {
      const { [field]: _, ...rest } = complete;
      return validateRecords([rest]).valid.length === 0;
    });
    expect(
      rows
        .filter((row) => row.required)
        .map((row) => row.apiId)
        .sort(),
    ).toEqual(skippedWithout.sort());
  });
});
