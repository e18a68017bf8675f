import { useSite } from '../../../lib/site-context';
import { da } from './da';
import { en } from './en';
import type { InfoContent } from './types';

const CONTENT = { da, en } as const;

/** The information pages' texts in the site's language. */
export function useInfoContent(): InfoContent {
  return CONTENT[useSite().language];
}
