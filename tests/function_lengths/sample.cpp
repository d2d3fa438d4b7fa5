// A sample for tests/test_function_lengths.py: each function whose name holds
// lines_N is N lines long, and no other function is found.
namespace sample {

struct Thing {
    int lines_3_method(int a) {
        return a + '}';
    }
    int lines_1_inline() { return 1; }
};

int lines_6_lambda(int a) {
    auto f = [](int x) {
        return x + 1;  // a lambda counts toward its function
    };
    return f(a) + int(sizeof("{"));
}

/* a comment { */
int lines_3_body_from_its_brace(int a,
                      int b) {
    return a * b;
}

}  // namespace sample
