import { graphql, Kind, parse, validate, visit, type FieldNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import sample from '../../../src/content/articles.sample.json';
import { ARTICLES_PAGE_SIZE, ARTICLES_QUERY } from '../../../src/lib/articles/query.ts';
import { articleSchema } from '../../../scripts/lib/graphql-server.ts';

/** Every selected field as a dotted path, e.g. `articles.articleContent.html`. */
function selectedPaths(query: string): string[] {
  const paths: string[] = [];
  const stack: string[] = [];
  visit(parse(query), {
    Field: {
      enter(node: FieldNode) {
        stack.push(node.name.value);
        if (!node.selectionSet) paths.push(stack.join('.'));
      },
      leave() {
        stack.pop();
      },
    },
  });
  return paths.sort();
}

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
    const document = parse(ARTICLES_QUERY);
    let args: Record<string, string> = {};
    visit(document, {
      Field(node) {
        if (node.name.value !== 'articles') return;
        args = Object.fromEntries(
          (node.arguments ?? []).map((a) => [
            a.name.value,
            a.value.kind === Kind.VARIABLE ? `$${a.value.name.value}` : 'value' in a.value ? String(a.value.value) : '',
          ]),
        );
      },
    });
    expect(args).toEqual({ first: '$first', skip: '$skip', orderBy: 'createdAt_ASC', stage: '$stage' });
    expect(ARTICLES_PAGE_SIZE).toBe(100);
  });

  it('asks for every field the article pages show, and nothing else', () => {
    expect(selectedPaths(ARTICLES_QUERY)).toEqual(
      [
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
      ]
        .map((field) => `articles.${field}`)
        .sort(),
    );
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
