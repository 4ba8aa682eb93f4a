import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { AdminPostsController } from './admin-posts.controller';
import { BlogController } from './blog.controller';
import { BlogPost } from './blog-post.entity';
import { BlogService } from './blog.service';

@Module({
  imports: [TypeOrmModule.forFeature([BlogPost]), NewsletterModule],
  controllers: [BlogController, AdminPostsController],
  providers: [BlogService],
  exports: [BlogService],
})
export class BlogModule {}
