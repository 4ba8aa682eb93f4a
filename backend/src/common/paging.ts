import type { Type as Class } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `?page=&pageSize=` of every admin list. */
export class PageQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'field.integer' })
  @Min(1, { message: 'field.integer' })
  @Max(100_000, { message: 'field.integer' })
  page: number = 1;

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'field.integer' })
  @Min(1, { message: 'field.integer' })
  @Max(200, { message: 'field.integer' })
  pageSize: number = 50;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The OpenAPI schema of a page of `item`s, for a named class to extend:
 * `class PostPage extends PageOf(PostResponse) {}`.
 */
export function PageOf<T>(item: Class<T>): Class<Page<T>> {
  class PageOfItems implements Page<T> {
    @ApiProperty({ type: [item] })
    items: T[];

    @ApiProperty({ description: 'How many there are in all' })
    total: number;

    @ApiProperty()
    page: number;

    @ApiProperty()
    pageSize: number;
  }
  return PageOfItems;
}

export function skipTake({ page, pageSize }: Pick<PageQueryDto, 'page' | 'pageSize'>): { skip: number; take: number } {
  return { skip: (page - 1) * pageSize, take: pageSize };
}
