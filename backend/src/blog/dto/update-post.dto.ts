import { PartialType } from '@nestjs/swagger';
import { CreatePostDto } from './create-post.dto';

/** Any subset of the post's fields; a required field may be left out but not set to null. */
export class UpdatePostDto extends PartialType(CreatePostDto, { skipNullProperties: false }) {}
