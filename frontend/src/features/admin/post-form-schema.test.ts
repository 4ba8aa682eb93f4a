import { changeLanguage, i18n } from '../../lib/i18n';
import { fakePost } from './fake-admin-api';
import { createPostSchema, emptyPostValues, formValuesToInput, postToFormValues } from './post-form-schema';

const valid = {
  ...emptyPostValues,
  title: '다섯 글자',
  excerpt: 'An excerpt of twenty',
  content: 'c'.repeat(50),
  slug: 'first-post',
};

async function messages(values: Partial<typeof valid>) {
  await changeLanguage('en');
  const result = createPostSchema(i18n.t).safeParse({ ...valid, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('post form schema', () => {
  it('accepts a post at every minimum, with the optional fields empty', async () => {
    expect([valid.title, valid.excerpt, valid.content].map((text) => text.length)).toEqual([5, 20, 50]);
    expect(await messages({})).toEqual({});
  });

  it('refuses a thumbnail URL longer than the API takes, as it refuses one that is no URL', async () => {
    const url = 'https://example.com/';
    expect(await messages({ thumbnailUrl: url + 'a'.repeat(2048 - url.length) })).toEqual({});
    expect(await messages({ thumbnailUrl: url + 'a'.repeat(2049 - url.length) })).toEqual({
      thumbnailUrl: 'Please enter a valid URL',
    });
    expect(await messages({ thumbnailUrl: 'example.com' })).toEqual({ thumbnailUrl: 'Please enter a valid URL' });
  });

  it('round-trips a post: absent texts are empty in the form and null again when sent', async () => {
    const post = fakePost({ contentEn: 'English content', titleEn: null });
    const values = postToFormValues(post);
    expect(values).toMatchObject({ titleEn: '', excerptEn: '', thumbnailUrl: '', contentEn: 'English content' });

    await changeLanguage('en');
    const { id, createdAt, updatedAt, ...input } = post;
    expect(formValuesToInput(createPostSchema(i18n.t).parse(values))).toEqual(input);
  });
});
