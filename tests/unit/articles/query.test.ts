import { graphql, Kind, parse, print, validate, visit, type SelectionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import sample from '../../../src/content/articles.sample.json';
import { ARTICLE_QUERY, ARTICLES_PAGE_SIZE, ARTICLES_QUERY } from '../../../src/lib/articles/query.ts';
import { articleSchema } from '../../../scripts/lib/graphql-server.ts';

/** Every selected field as a dotted path, e.g. `articles.articleContent.html`, fragments followed. */
function selectedPaths(query: string): string[] {
  const document = parse(query);
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [],
    ),
  );
  const paths: string[] = [];
  const walk = (selections: readonly SelectionNode[], prefix: string[]) => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) {
        const path = [...prefix, selection.name.value];
        if (selection.selectionSet) walk(selection.selectionSet.selections, path);
        else paths.push(path.join('.'));
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment) throw new Error(`no fragment ${selection.name.value}`);
        walk(fragment.selectionSet.selections, prefix);
      } else {
        walk(selection.selectionSet.selections, prefix);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) walk(definition.selectionSet.selections, []);
  }
  return paths.sort();
}

/** The arguments a query gives one of its fields, variables as `$name`. */
function argumentsOf(query: string, field: string): Record<string, string> {
  let args: Record<string, string> = {};
  visit(parse(query), {
    Field(node) {
      if (node.name.value !== field) return;
      args = Object.fromEntries((node.arguments ?? []).map((a) => [a.name.value, print(a.value)]));
    },
  });
  return args;
}

/** What every page shows of an article. */
const ARTICLE_FIELDS = [
  'approximateTimeOfRead',
  'articleSlug',
  'articleSummary',
  'articleTitle',
  'authorName',
  'createdAt',
  'id',
  'updatedAt',
  'articleContent.html',
  'articleMainImage.url',
  'authorImage.url',
  'articleCategory',
  'articleDate',
];

describe('the articles query', () => {
  it('is valid against the content model in schema.graphql', () => {
    expect(validate(articleSchema(), parse(ARTICLES_QUERY))).toEqual([]);
  });

  it('fails validation when a field name is misspelt', () => {
    const typo = ARTICLES_QUERY.replace('articleTitle', 'articleTitel');
    const errors = validate(articleSchema(), parse(typo));
    expect(errors.map((e) => e.message).join('\n')).toMatch(/Cannot query field "articleTitel" on type "Article"/);
  });

  it('fails validation when a nested field is asked on the wrong type', () => {
    const wrong = ARTICLES_QUERY.replace(/articleContent\s*{\s*html\s*}/, 'articleContent { url }');
    expect(validate(articleSchema(), parse(wrong))).not.toEqual([]);
  });

  it('asks for a page of at most 100 articles, oldest first, at the stage it is given', () => {
    expect(argumentsOf(ARTICLES_QUERY, 'articles')).toEqual({
      first: '$first',
      skip: '$skip',
      orderBy: 'createdAt_ASC',
      stage: '$stage',
    });
    expect(ARTICLES_PAGE_SIZE).toBe(100);
  });

  it('asks for every field the article pages show, and nothing else', () => {
    expect(selectedPaths(ARTICLES_QUERY)).toEqual(ARTICLE_FIELDS.map((field) => `articles.${field}`).sort());
  });

  it('is answered by the sample file exactly: the sample has the endpoint answer shape', async () => {
    const result = await graphql({
      schema: articleSchema(),
      source: ARTICLES_QUERY,
      variableValues: { first: ARTICLES_PAGE_SIZE, skip: 0, stage: 'PUBLISHED' },
      rootValue: { articles: () => sample.data.articles },
    });
    expect(result.errors).toBeUndefined();
    expect(JSON.parse(JSON.stringify(result.data))).toEqual(sample.data);
  });
});

describe('the one-article query of the draft preview', () => {
  it('is valid against the content model and asks for the same fields as the articles query', () => {
    expect(validate(articleSchema(), parse(ARTICLE_QUERY))).toEqual([]);
    expect(selectedPaths(ARTICLE_QUERY)).toEqual(ARTICLE_FIELDS.map((field) => `article.${field}`).sort());
  });

  it('finds the article by its slug at the stage it is given', () => {
    expect(argumentsOf(ARTICLE_QUERY, 'article')).toEqual({ where: '{articleSlug: $slug}', stage: '$stage' });
  });
});
