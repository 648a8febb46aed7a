/*
 * evemu-check FILE...: parses each evemu recording with Debian's libevemu (what evemu-device
 * and evemu-play use) and checks it the way a replay would use it: every event's type and code
 * declared by the description (an undeclared code is dropped by uinput), every EV_ABS value
 * within its axis's range (the ABS_MT_TRACKING_ID -1 that ends a contact excepted), and every
 * position axis with a resolution (libinput needs it for the surface's size in mm).
 *
 * Prints one line per file: "FILE: events N undeclared U out-of-range R axes A unresolved P"
 * and, for the first few problems, what they are. Exit status 0 when every file is clean,
 * 1 when a file has a problem, 2 when a file cannot be opened or parsed.
 *
 * Part of the TouchBench test suite (scripts/test-consumers); links against -levemu.
 */
#include <evemu.h>
#include <linux/input.h>
#include <stdio.h>
#include <string.h>

#define ABS_MT_TRACKING_ID_CODE 0x39

static int position_axis(int code)
{
	return code == ABS_X || code == ABS_Y || code == ABS_MT_POSITION_X || code == ABS_MT_POSITION_Y;
}

static int check(const char *path)
{
	FILE *fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "%s: cannot be opened\n", path);
		return 2;
	}
	struct evemu_device *dev = evemu_new(NULL);
	if (!dev || evemu_read(dev, fp) <= 0) {
		fprintf(stderr, "%s: libevemu cannot read the device description\n", path);
		fclose(fp);
		if (dev)
			evemu_delete(dev);
		return 2;
	}
	long events = 0, undeclared = 0, out_of_range = 0, axes = 0, unresolved = 0, reported = 0;
	for (int code = 0; code <= ABS_MAX; code++) {
		if (!evemu_has_event(dev, EV_ABS, code))
			continue;
		axes++;
		if (position_axis(code) && evemu_get_abs_resolution(dev, code) <= 0) {
			unresolved++;
			printf("  axis 0x%02x has no resolution\n", code);
		}
	}
	struct input_event ev;
	while (evemu_read_event(fp, &ev) > 0) {
		events++;
		if (ev.type == EV_SYN)
			continue;
		if (!evemu_has_event(dev, ev.type, ev.code)) {
			undeclared++;
			if (reported++ < 5)
				printf("  event %ld: type %d code %d is not declared\n", events, ev.type, ev.code);
			continue;
		}
		if (ev.type != EV_ABS)
			continue;
		if (ev.code == ABS_MT_TRACKING_ID_CODE && ev.value == -1)
			continue;
		int min = evemu_get_abs_minimum(dev, ev.code), max = evemu_get_abs_maximum(dev, ev.code);
		if (ev.value < min || ev.value > max) {
			out_of_range++;
			if (reported++ < 5)
				printf("  event %ld: axis 0x%02x value %d outside %d..%d\n", events, ev.code, ev.value, min, max);
		}
	}
	int has_abs_type = evemu_has_bit(dev, EV_ABS);
	if (axes > 0 && !has_abs_type)
		printf("  axes are declared but the EV_ABS type bit is not\n");
	printf("%s: events %ld undeclared %ld out-of-range %ld axes %ld unresolved %ld\n",
	       path, events, undeclared, out_of_range, axes, unresolved);
	fclose(fp);
	evemu_delete(dev);
	if (events == 0) {
		fprintf(stderr, "%s: libevemu read no events\n", path);
		return 1;
	}
	return undeclared || out_of_range || unresolved || (axes > 0 && !has_abs_type) ? 1 : 0;
}

int main(int argc, char **argv)
{
	int status = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: evemu-check FILE...\n");
		return 64;
	}
	for (int i = 1; i < argc; i++) {
		int result = check(argv[i]);
		if (result > status)
			status = result;
	}
	return status;
}
