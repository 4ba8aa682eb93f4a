import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOptional, IsAdmin } from '../common/admin-access.decorators';
import { BlogService } from './blog.service';
import { CreatePostDto } from './dto/create-post.dto';
import { UpdatePostDto } from './dto/update-post.dto';
import { PostResponse, toPostResponse } from './post-response';

@ApiTags('blog')
@ApiBearerAuth()
@Controller('posts')
export class BlogController {
  constructor(private readonly blog: BlogService) {}

  @AdminOptional()
  @Get()
  @ApiQuery({ name: 'published', required: false, enum: ['true'], description: "'true': published posts only" })
  @ApiOperation({ summary: 'Published posts, newest first; with an admin token, drafts too' })
  @ApiOkResponse({ type: [PostResponse] })
  async list(@Query('published') published: unknown, @IsAdmin() isAdmin: boolean): Promise<PostResponse[]> {
    const posts = await this.blog.list(isAdmin && published !== 'true');
    return posts.map(toPostResponse);
  }

  @AdminOptional()
  @Get('slug/:slug')
  @ApiOperation({ summary: 'One published post (a draft only with an admin token)' })
  @ApiOkResponse({ type: PostResponse })
  async bySlug(@Param('slug') slug: string, @IsAdmin() isAdmin: boolean): Promise<PostResponse> {
    return toPostResponse(await this.blog.bySlug(slug, isAdmin));
  }

  @Post()
  @ApiOperation({ summary: 'Create a post (admin)' })
  @ApiCreatedResponse({ type: PostResponse })
  async create(@Body() body: CreatePostDto): Promise<PostResponse> {
    return toPostResponse(await this.blog.create(body));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change a post (admin)' })
  @ApiOkResponse({ type: PostResponse })
  async update(@Param('id') id: string, @Body() body: UpdatePostDto): Promise<PostResponse> {
    return toPostResponse(await this.blog.update(id, body));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a post (admin)' })
  @ApiNoContentResponse()
  async remove(@Param('id') id: string): Promise<void> {
    await this.blog.remove(id);
  }
}
