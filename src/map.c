/* map: linear-probing hash table used for rule lookup and name scopes. */
#include "map.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void tp_map_init(tp_map *m) { memset(m, 0, sizeof *m); }

void tp_map_dispose(tp_map *m)
{
	if (!m)
		return;
	free(m->slots);
	memset(m, 0, sizeof *m);
}

static struct tp_map_slot *find(const tp_map *m, const char *key, size_t len, uint64_t h)
{
	size_t mask = m->cap - 1;
	for (size_t i = h & mask;; i = (i + 1) & mask) {
		struct tp_map_slot *s = &m->slots[i];
		if (!s->key || (s->hash == h && s->len == len && memcmp(s->key, key, len) == 0))
			return s;
	}
}

static void grow(tp_map *m)
{
	tp_map old = *m;
	m->cap = old.cap ? old.cap * 2 : 16;
	m->slots = tp_xcalloc(m->cap, sizeof *m->slots);
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i].key)
			*find(m, old.slots[i].key, old.slots[i].len, old.slots[i].hash) = old.slots[i];
	free(old.slots);
}

void *tp_map_put(tp_map *m, const char *key, size_t len, void *value)
{
	if ((m->count + 1) * 4 > m->cap * 3)
		grow(m);
	uint64_t h = tp_hash(key, len);
	struct tp_map_slot *s = find(m, key, len, h);
	void *prev = s->key ? s->value : NULL;
	if (!s->key) {
		s->key = key;
		s->len = len;
		s->hash = h;
		m->count++;
	}
	s->value = value;
	return prev;
}

void *tp_map_get(const tp_map *m, const char *key, size_t len)
{
	if (!m->cap)
		return NULL;
	struct tp_map_slot *s = find(m, key, len, tp_hash(key, len));
	return s->key ? s->value : NULL;
}
