import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * How deeply a JSON body may nest objects and arrays. No form of the API needs more than two
 * levels; the validation pipe's class-transformer walks a body recursively, and a body nested
 * thousands of levels deep (100 kB of `[`) overflowed its stack.
 */
export const JSON_DEPTH_LIMIT = 32;

/**
 * Whether `value` nests objects and arrays more than `limit` levels deep (a top-level object is one
 * level). Walked with a stack of its own, as a recursive walk would overflow just the same.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * Refuses, right after the JSON parser and before any guard or pipe, a body nested past `limit`:
 * 400 in the contract's shape.
 */
export function limitJsonDepth(limit: number) {
  return (request: Request, _response: Response, next: NextFunction): void =>
    next(nestsDeeperThan(request.body, limit) ? new BadRequestException('error.jsonTooDeep') : undefined);
}
