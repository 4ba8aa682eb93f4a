import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { PageOf, PageQueryDto } from '../common/paging';
import { CreateTestimonialDto, UpdateTestimonialDto } from './dto/testimonial.dto';
import { Testimonial } from './testimonial.entity';
import { TestimonialService } from './testimonial.service';

export class TestimonialPage extends PageOf(Testimonial) {}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/testimonials')
export class AdminTestimonialsController {
  constructor(private readonly testimonials: TestimonialService) {}

  @Get()
  @ApiOperation({ summary: 'All testimonials, newest first' })
  @ApiOkResponse({ type: TestimonialPage })
  list(@Query() query: PageQueryDto): Promise<TestimonialPage> {
    return this.testimonials.page(query);
  }

  @Post()
  @ApiOperation({ summary: 'Create a testimonial' })
  @ApiCreatedResponse({ type: Testimonial })
  create(@Body() body: CreateTestimonialDto): Promise<Testimonial> {
    return this.testimonials.create(body);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change a testimonial' })
  @ApiOkResponse({ type: Testimonial })
  update(@Param('id') id: string, @Body() body: UpdateTestimonialDto): Promise<Testimonial> {
    return this.testimonials.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a testimonial' })
  @ApiNoContentResponse()
  async remove(@Param('id') id: string): Promise<void> {
    await this.testimonials.remove(id);
  }
}
