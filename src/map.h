/* map: an open-addressing hash table from byte-string keys to pointers. The
 * rule tables and the per-file scope tables are built on it, so every lookup
 * in the match stage costs O(1) whatever the number of rules. */
#ifndef TP_MAP_H
#define TP_MAP_H

#include <stddef.h>
#include <stdint.h>

/* slots: owned array of cap entries (cap a power of two, 0 when empty);
 * keys are borrowed and must outlive the map; values are borrowed. */
typedef struct {
	struct tp_map_slot {
		const char *key;
		size_t len;
		uint64_t hash;
		void *value;
	} *slots;
	size_t cap, count;
} tp_map;

void tp_map_init(tp_map *m);
void tp_map_dispose(tp_map *m);
/* Returns the previous value for key, or NULL. */
void *tp_map_put(tp_map *m, const char *key, size_t len, void *value);
void *tp_map_get(const tp_map *m, const char *key, size_t len);

#endif
