// The Go module of the repro tests (a cart package whose Total skips the first item and whose Cheapest panics on an
// empty list), the tester's answers, and the project around it (reproProject: git repository, fake server, CLI).
import type { TestContext } from 'node:test';
import { reproProject } from './repro-project.ts';

export const CART = `package cart

type Item struct {
	Name  string
	Price int
}

// Total sums the prices of the items.
func Total(items []Item) int {
	s := 0
	for _, it := range items[1:] {
		s += it.Price
	}
	return s
}

// Cheapest returns the item with the lowest price.
func Cheapest(items []Item) Item {
	best := items[0]
	for _, it := range items {
		if it.Price < best.Price {
			best = it
		}
	}
	return best
}
`;
const EXISTING = 'package cart\n\nimport "testing"\n\nfunc TestCheapestOfTwo(t *testing.T) {\n\tif Cheapest([]Item{{Price: 2}, {Price: 1}}).Price != 1 {\n\t\tt.Fatal("not the cheapest")\n\t}\n}\n';
export const TRACE = `panic: runtime error: index out of range [0] with length 0

goroutine 1 [running]:
example.com/shop/cart.Cheapest(...)
	/srv/shop/cart/cart.go:19
main.main()
	/srv/shop/cmd/shop/main.go:9 +0x1d
exit status 2
`;
export const WORDS = '# Cart total is wrong\n\n`Total()` skips the first item: the total of items priced 10 and 20 comes out as 20, not 30.\n';

export const answer = (path: string, content: string, kind: 'error' | 'marker') => ({
  json: { path, content, signature: kind === 'marker' ? { kind, errorType: '', messageFragment: '' } : { kind, errorType: 'panic', messageFragment: 'index out of range' } },
});

export function goModule(t: TestContext) {
  return reproProject(t, { 'go.mod': 'module example.com/shop\n\ngo 1.19\n', 'cart/cart.go': CART, 'cart/cart_test.go': EXISTING }, 'bh-repro-go-side-');
}
