/* yaml-copy: the reference for bench/run: libyaml alone parses a file and
 * emits it again into memory, event by event, with bt's emitter settings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

static int
sink(void *arg, unsigned char *data, size_t size)
{
	size_t *total = arg;

	(void)data;
	*total += size;
	return 1;
}

int
main(int argc, char *argv[])
{
	yaml_parser_t p;
	yaml_emitter_t e;
	yaml_event_t ev;
	size_t total = 0;
	FILE *fp;
	int done = 0;

	if (argc != 2 || (fp = fopen(argv[1], "rb")) == NULL) {
		fprintf(stderr, "usage: yaml-copy file\n");
		return 2;
	}
	yaml_parser_initialize(&p);
	yaml_emitter_initialize(&e);
	yaml_parser_set_input_file(&p, fp);
	yaml_emitter_set_output(&e, sink, &total);
	yaml_emitter_set_unicode(&e, 1);
	yaml_emitter_set_width(&e, -1);
	while (!done) {
		if (!yaml_parser_parse(&p, &ev)) {
			fprintf(stderr, "yaml-copy: parse error\n");
			return 3;
		}
		done = ev.type == YAML_STREAM_END_EVENT;
		if (!yaml_emitter_emit(&e, &ev)) {
			fprintf(stderr, "yaml-copy: emit error\n");
			return 3;
		}
	}
	yaml_parser_delete(&p);
	yaml_emitter_delete(&e);
	fclose(fp);
	printf("%zu\n", total);
	return 0;
}
