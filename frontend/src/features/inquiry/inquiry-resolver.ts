import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from '../../lib/i18n';
import type { Resolver } from 'react-hook-form';
import { createInquirySchema, type InquiryFormOutput, type InquiryFormValues } from './inquiry-schema';

export type InquiryResolver = Resolver<InquiryFormValues, unknown, InquiryFormOutput>;

const resolvers = new WeakMap<TFunction, InquiryResolver>();

/** The form's validation in the language of `t`, built once per language. */
export function inquiryResolver(t: TFunction): InquiryResolver {
  let resolver = resolvers.get(t);
  if (!resolver) {
    resolver = zodResolver(createInquirySchema(t));
    resolvers.set(t, resolver);
  }
  return resolver;
}
